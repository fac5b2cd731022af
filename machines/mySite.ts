/**
 * 'Ir a mi sitio' (SPEC §2): fetch the user's office, then its country, then open the country's
 * url_redirect (or the default B2B address) in a new tab with the access token appended.
 *
 * The tab is opened by the `openTab` action on OPEN itself, synchronously inside the click (a
 * window.open after an await is blocked as a popup); `navigateTab` sends it to the address once
 * known, `closeTab` closes it when the address cannot be found. The view provides the three and
 * keeps the machine alive beyond the menu that started it.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';

export interface MySiteInput {
  defaultSiteUrl: string;
}

export type MySiteEvent = { type: 'OPEN'; officeId: number | null; accessToken: string | null };

export interface MySiteContext extends MySiteInput {
  officeId: number | null;
  accessToken: string | null;
  countryId: number | null;
  url: string | null;
  error: string | null;
}

/** The site address with the access token appended; without a token, the site's login page. */
export function siteUrlWithToken(base: string, token: string | null): string {
  const url = new URL(base);
  if (!token) {
    url.pathname = `${url.pathname.replace(/\/$/, '')}/login`;
    return url.toString();
  }
  url.searchParams.set('access', token);
  return url.toString();
}

export const mySiteMachine = setup({
  types: {
    context: {} as MySiteContext,
    input: {} as MySiteInput,
    events: {} as MySiteEvent,
  },
  actors: {
    fetchOffice: fromPromise<{ countryId: number | null }, { officeId: number }>(async () => ({
      countryId: null,
    })),
    fetchCountry: fromPromise<{ urlRedirect: string | null }, { countryId: number }>(async () => ({
      urlRedirect: null,
    })),
  },
  actions: {
    openTab: () => {},
    navigateTab: (_, _params: { url: string }) => {},
    closeTab: () => {},
    rememberRequest: assign(({ event }) => ({
      officeId: event.officeId,
      accessToken: event.accessToken,
      countryId: null,
      url: null,
      error: null,
    })),
  },
  guards: {
    hasOffice: ({ event }) => event.type === 'OPEN' && event.officeId !== null,
    officeHasCountry: ({ event }) =>
      'output' in event && (event.output as { countryId: number | null }).countryId !== null,
  },
}).createMachine({
  id: 'mySite',
  context: ({ input }) => ({
    ...input,
    officeId: null,
    accessToken: null,
    countryId: null,
    url: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: [
          { guard: 'hasOffice', target: 'loadingOffice', actions: ['openTab', 'rememberRequest'] },
          {
            target: 'opened',
            actions: [
              'openTab',
              'rememberRequest',
              assign({ url: ({ context }) => siteUrlWithToken(context.defaultSiteUrl, context.accessToken) }),
            ],
          },
        ],
      },
    },
    loadingOffice: {
      invoke: {
        id: 'fetchOffice',
        src: 'fetchOffice',
        input: ({ context }) => ({ officeId: context.officeId! }),
        onDone: [
          {
            guard: 'officeHasCountry',
            target: 'loadingCountry',
            actions: assign({ countryId: ({ event }) => event.output.countryId }),
          },
          {
            target: 'opened',
            actions: assign({
              url: ({ context }) => siteUrlWithToken(context.defaultSiteUrl, context.accessToken),
            }),
          },
        ],
        onError: {
          target: 'idle',
          actions: ['closeTab', assign({ error: messages.navigation.shell.mySiteError })],
        },
      },
    },
    loadingCountry: {
      invoke: {
        id: 'fetchCountry',
        src: 'fetchCountry',
        input: ({ context }) => ({ countryId: context.countryId! }),
        onDone: {
          target: 'opened',
          actions: assign({
            url: ({ context, event }) =>
              siteUrlWithToken(event.output.urlRedirect || context.defaultSiteUrl, context.accessToken),
          }),
        },
        onError: {
          target: 'idle',
          actions: ['closeTab', assign({ error: messages.navigation.shell.mySiteError })],
        },
      },
    },
    opened: {
      entry: { type: 'navigateTab', params: ({ context }) => ({ url: context.url! }) },
      on: { OPEN: { target: 'idle', actions: raise(({ event }) => event) } },
    },
  },
});
