import { expect, it } from 'vitest';
import { decodeUserId } from '../../machines/accessToken';
import { accessTokenModel, sampleAccessToken } from '../../machines/models/auth';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('accessToken', accessTokenModel, {
  readingToken: (snapshot) => expect(snapshot.context.token).toBeNull(),
  verifying: (snapshot) => expect(snapshot.context.userId).toBe(7),
  verified: (snapshot) => expect(snapshot.context.session?.user.username).toBe('ejecutivo'),
  failed: (snapshot) => expect(snapshot.context.error).toBe(messages.auth.accessTokenError),
});

it('decodes the user id of a JWT', () => {
  expect(decodeUserId(sampleAccessToken)).toBe(7);
});
