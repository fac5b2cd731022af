/** The refund login machine with the browser's login call (the answer is kept in sessionStorage). */
import { fromPromise } from 'xstate';
import { refundLoginMachine } from '../../../machines/refundLogin';
import { refundLogin } from '../api/refund';
import { saveRefundLogin } from './session';

export const providedRefundLoginMachine = refundLoginMachine.provide({
  actors: {
    authenticateRefund: fromPromise(async ({ input }) => {
      const answer = await refundLogin(input);
      saveRefundLogin(answer);
      return answer;
    }),
  },
});
