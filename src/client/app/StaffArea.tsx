/** /dashboard/*: the staff shell around the dashboard and the sections, for signed-in users only. */
import { Navigate, Route, Routes } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { Spinner } from '../ui/primitives';
import { DashboardView } from '../views/dashboard/DashboardView';
import { SectionView } from '../views/dashboard/SectionView';
import { SessionContext } from '../views/shared/session';
import { StaffShell } from './StaffShell';

export function Component() {
  const state = SessionContext.useSelector((snapshot) => snapshot);
  if (state.matches('restoring') || state.matches('authenticating')) {
    return (
      <div style={{ padding: 24 }}>
        <Spinner label={messages.common.loading} />
      </div>
    );
  }
  const session = state.context.session;
  if (!state.matches('loggedIn') || !session) return <Navigate to="/login" replace />;
  return (
    <StaffShell session={session}>
      <Routes>
        <Route index element={<DashboardView user={session.user} />} />
        <Route path=":routing/*" element={<SectionView user={session.user} />} />
      </Routes>
    </StaffShell>
  );
}
