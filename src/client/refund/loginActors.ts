/** The refund login machine with the browser's login call (the answer is kept in sessionStorage). */
import { fromPromise } from 'xstate';
import { refundLoginMachine } from '../../../machines/refundLogin';

export const providedRefundLoginMachine = refundLoginMachine.provide({
  actors: {
    authenticateRefund: fromPromise(async ({ input }) => {
      // The API client and the contracts (zod) load on the first submit, not with the page.
      const [{ refundLogin }, { saveRefundLogin }] = await Promise.all([
        import('../api/refund'),
        import('./session'),
      ]);
      const answer = await refundLogin(input);
      saveRefundLogin(answer);
      return answer;
    }),
  },
});
