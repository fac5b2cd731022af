/**
 * The staff shell's machine wiring, in one place (issue 29): the user menu's 'Mi sitio' (the
 * mySite machine with its actors and tab actions). Its 'Cambiar contraseña' runs the sign-in
 * area's password reset (src/client/views/auth/wiring.ts). The shell creates its actors from
 * these and only sends events.
 */
import { fromPromise } from 'xstate';
import { mySiteMachine } from '../../../machines/mySite';
import { fetchCountry, fetchOffice } from '../api/auth';

/**
 * The mySite machine with its tab actions: the tab opens synchronously in the click (OPEN), blank,
 * without access to this window; it is sent to the site when the address is known, or closed.
 * `tab` holds the opened tab between the actions.
 */
export const mySiteLogic = (tab: { current: Window | null }) =>
  mySiteMachine.provide({
    actors: {
      fetchOffice: fromPromise(({ input }) => fetchOffice(input)),
      fetchCountry: fromPromise(({ input }) => fetchCountry(input)),
    },
    actions: {
      openTab: () => {
        tab.current = window.open('about:blank', '_blank');
        if (tab.current) tab.current.opener = null;
      },
      navigateTab: (_, { url }) => {
        const opened = tab.current;
        tab.current = null;
        if (opened && !opened.closed) opened.location.href = url;
        else window.open(url, '_blank', 'noopener');
      },
      closeTab: () => {
        tab.current?.close();
        tab.current = null;
      },
    },
  });
