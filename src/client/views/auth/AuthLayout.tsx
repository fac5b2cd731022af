/** The centred card of the sign-in screens, with the brand's copyright footer. */
import type { ReactNode } from 'react';
import { navigationMessages } from '../../../contracts/messages/navigation';
import { Card, Heading, Muted } from '../../ui/primitives';
import { styled } from '../../ui/theme';

const Page = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  gap: '$4',
});

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <Card css={{ width: 'min(420px, 100%)' }}>
        <Heading>{title}</Heading>
        {children}
      </Card>
      <Muted as="footer">
        {navigationMessages.shell.footer('Asistencia al Viajero', new Date().getFullYear())}
      </Muted>
    </Page>
  );
}
