import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { mySiteModel } from '../../machines/models/auth';
import { mySiteMachine, siteUrlWithToken } from '../../machines/mySite';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('mySite', mySiteModel, {
  idle: (snapshot, event) => {
    expect(snapshot.context.error).toBe(
      event.type.startsWith('xstate.error.actor.') ? messages.navigation.shell.mySiteError : null,
    );
  },
  loadingOffice: (snapshot) => expect(snapshot.context.officeId).toBe(3),
  loadingCountry: (snapshot) => expect(snapshot.context.countryId).toBe(5),
  opened: (snapshot, event) => {
    const output = (event as { output?: { urlRedirect?: string | null } }).output;
    const expected =
      event.type === 'OPEN'
        ? // No office (and, in the model, no token): the default B2B site's login.
          'https://b2b.example.com/login'
        : event.type === 'xstate.done.actor.fetchCountry' && output?.urlRedirect
          ? 'https://ar.example.com/?access=token'
          : 'https://b2b.example.com/?access=token';
    expect(snapshot.context.url).toBe(expected);
  },
});

it('appends the access token to the site address', () => {
  expect(siteUrlWithToken('https://ar.example.com/', 't')).toBe('https://ar.example.com/?access=t');
});

describe('mySite tab', () => {
  function start(fetchOffice: () => Promise<{ countryId: number | null }>) {
    const calls: string[] = [];
    const actor = createActor(
      mySiteMachine.provide({
        actors: {
          fetchOffice: fromPromise(fetchOffice),
          fetchCountry: fromPromise(
            async (): Promise<{ urlRedirect: string | null }> => ({
              urlRedirect: 'https://ar.example.com/',
            }),
          ),
        },
        actions: {
          openTab: () => calls.push('open'),
          navigateTab: (_, { url }) => calls.push(`navigate ${url}`),
          closeTab: () => calls.push('close'),
        },
      }),
      { input: { defaultSiteUrl: 'https://b2b.example.com' } },
    );
    actor.start();
    return { actor, calls };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('opens the tab inside the click, before anything loads, and sends it to the site when known', async () => {
    const { actor, calls } = start(async () => ({ countryId: 5 }));
    actor.send({ type: 'OPEN', officeId: 3, accessToken: 'token' });
    // Synchronously, in the same call as the click: no popup blocker.
    expect(calls).toEqual(['open']);
    await settle();
    await settle();
    expect(calls).toEqual(['open', 'navigate https://ar.example.com/?access=token']);
  });

  it('closes the tab with a message when the address cannot be found', async () => {
    const { actor, calls } = start(async () => {
      throw new Error('500');
    });
    actor.send({ type: 'OPEN', officeId: 3, accessToken: 'token' });
    await settle();
    expect(calls).toEqual(['open', 'close']);
    expect(actor.getSnapshot().context.error).toBe(messages.navigation.shell.mySiteError);
  });
});
