/**
 * The staff shell (SPEC §2 'Main layout'): top bar with the notification bell and the user menu,
 * a collapsible sidebar filtered by the rule of SPEC §6, and a mobile header that hides below
 * 960px while a text field is focused.
 */
import { type ReactNode, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { StaffSession } from '../../../machines/session';
import { messages } from '../../contracts/messages';
import { filterMenu, MENU, type MenuItem } from '../../contracts/modules';
import { RecordSwitch } from '../qa/RecordSwitch';
import { Button } from '../ui/primitives';
import { globalCss, styled } from '../ui/theme';
import { ExportsProvider } from '../views/shared/exports';
import { NotificationBell } from './NotificationBell';
import { ToastRegion } from './ToastRegion';
import { UserMenu } from './UserMenu';

const shell = messages.navigation.shell;

const hideMobileHeaderWhileTyping = globalCss({
  '@media (max-width: 959px)': {
    'body:has(input:focus, textarea:focus, select:focus) [data-mobile-header]': { display: 'none' },
  },
});

// One column no wider than the window: a wide table scrolls inside its card, never the page (issue 18).
const Layout = styled('div', {
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  gridTemplateColumns: 'minmax(0, 1fr)',
  minHeight: '100vh',
});
const TopBar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $4',
  backgroundColor: '$primary',
  color: 'white',
  position: 'sticky',
  top: 0,
  zIndex: 10,
  // On a phone the bar's controls wrap to a second line rather than push the page sideways.
  '@narrow': { flexWrap: 'wrap', rowGap: '$1', padding: '$2' },
});
const Brand = styled('span', {
  fontWeight: 700,
  fontSize: '$3',
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const Body = styled('div', { display: 'flex', minHeight: 0 });
const Sidebar = styled('nav', {
  width: '260px',
  backgroundColor: '$surface',
  borderRight: '1px solid $border',
  padding: '$3',
  overflowY: 'auto',
  '@mobile': { position: 'fixed', top: '54px', bottom: 0, left: 0, zIndex: 9, boxShadow: '$raised' },
  // Below 640px the top bar may take two lines (it wraps rather than scroll the page sideways).
  '@narrow': { top: '96px' },
  variants: { collapsed: { true: { display: 'none' } } },
});
const Main = styled('main', {
  flex: 1,
  padding: '$5',
  minWidth: 0,
  '@mobile': { padding: '$3' },
  '&:focus': { outline: 'none' },
});
/** Hidden until focused: the first Tab of a page jumps over the top bar and the menu (issue 18). */
const SkipLink = styled('a', {
  position: 'absolute',
  left: '$2',
  top: '-48px',
  zIndex: 20,
  padding: '$2 $3',
  backgroundColor: '$surface',
  color: '$primary',
  fontWeight: 700,
  borderRadius: '$1',
  boxShadow: '$raised',
  '&:focus': { top: '$2' },
});
const MenuList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
const GroupLabel = styled('div', {
  fontSize: '$1',
  textTransform: 'uppercase',
  color: '$muted',
  padding: '$3 $2 $1',
});
const MenuLink = styled(NavLink, {
  display: 'block',
  padding: '$2',
  borderRadius: '$1',
  color: '$text',
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$primarySoft' },
  '&.active': { backgroundColor: '$primarySoft', color: '$primary', fontWeight: 600 },
});

function MenuEntries({ items }: { items: MenuItem[] }) {
  return (
    <MenuList>
      {items.map((item) => (
        <li key={item.key}>
          {item.children ? (
            <>
              {item.path ? (
                <MenuLink to={item.path}>{item.label}</MenuLink>
              ) : (
                <GroupLabel>{item.label}</GroupLabel>
              )}
              <MenuEntries items={item.children} />
            </>
          ) : (
            <MenuLink to={item.path ?? '#'} end={item.path === '/dashboard'}>
              {item.label}
            </MenuLink>
          )}
        </li>
      ))}
    </MenuList>
  );
}

export function StaffShell({ session, children }: { session: StaffSession; children: ReactNode }) {
  hideMobileHeaderWhileTyping();
  const [sidebarCollapsed, setSidebarCollapsed] = useState(() =>
    typeof window !== 'undefined' ? window.innerWidth < 960 : false,
  );
  const grants = { isSuperuser: session.user.is_superuser, permissions: session.user.permissions };
  const menu = filterMenu(MENU, grants);
  return (
    <ExportsProvider userId={session.user.id}>
      <Layout>
        <SkipLink href="#main-content">{messages.polish.skipToContent}</SkipLink>
        <TopBar data-mobile-header>
          <Button
            variant="ghost"
            css={{ color: 'white' }}
            aria-label={shell.toggleSidebar}
            aria-expanded={!sidebarCollapsed}
            aria-controls="staff-sidebar"
            onClick={() => setSidebarCollapsed((collapsed) => !collapsed)}
          >
            ☰
          </Button>
          <Brand>{shell.brand}</Brand>
          {session.user.is_superuser || import.meta.env.DEV ? <RecordSwitch tone="onDark" /> : null}
          <NotificationBell />
          <UserMenu session={session} />
        </TopBar>
        <Body>
          <Sidebar id="staff-sidebar" aria-label={shell.mainMenu} collapsed={sidebarCollapsed}>
            <MenuEntries items={menu} />
          </Sidebar>
          <Main id="main-content" tabIndex={-1}>
            {children}
          </Main>
        </Body>
        <ToastRegion />
      </Layout>
    </ExportsProvider>
  );
}
