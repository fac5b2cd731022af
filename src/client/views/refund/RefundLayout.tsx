/** The public refund shell: brand header, content card, copyright footer (SPEC §1). */
import { type ReactNode, useEffect, useState } from 'react';
import { messages } from '../../../contracts/messages';
import { publicConfigOrDefaults } from '../../api/publicConfig';
import { storedStaffIsSuperuser } from '../../api/storageKeys';
import { canRecord, RecordSwitch } from '../../qa/RecordSwitch';
import { useTranslator } from '../../refund/language';
import { styled } from '../../ui/theme';
import { LanguageSelector } from './LanguageSelector';

const Page = styled('div', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '$background',
});
const Header = styled('header', {
  backgroundColor: '$primary',
  color: 'white',
  padding: '$3 $5',
  fontWeight: 700,
  fontSize: '$4',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
});
const HeaderEnd = styled('div', { display: 'flex', gap: '$3', alignItems: 'center', flexWrap: 'wrap' });
const Main = styled('main', { flex: 1, width: 'min(960px, calc(100vw - 24px))', margin: '$5 auto' });
const Footer = styled('footer', { textAlign: 'center', color: '$muted', padding: '$4', fontSize: '$1' });

export function RefundLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslator();
  // The brand from the configuration (BRAND_NAME, issue 17), read after the first paint so the
  // login's first load stays free of the API client; 'Extranet' only if it cannot be read.
  const [brand, setBrand] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void publicConfigOrDefaults().then((config) => {
      if (active) setBrand(config.brandName || messages.navigation.shell.brand);
    });
    return () => {
      active = false;
    };
  }, []);
  return (
    <Page>
      <Header>
        <span data-testid="portal-brand">{brand ?? '\u00a0'}</span>
        <HeaderEnd>
          <LanguageSelector />
          {canRecord({ is_superuser: storedStaffIsSuperuser() }) ? <RecordSwitch tone="onDark" /> : null}
        </HeaderEnd>
      </Header>
      <Main>{children}</Main>
      <Footer>{brand ? t('portal.footer', { brand, year: String(new Date().getFullYear()) }) : null}</Footer>
    </Page>
  );
}
