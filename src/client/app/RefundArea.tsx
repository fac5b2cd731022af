/** The public refund portal (SPEC §2 'Public refund portal'); built in the refund issue. */
import { messages } from '../../contracts/messages';
import { Card, Heading, Muted } from '../ui/primitives';

export function Component() {
  return (
    <Card css={{ maxWidth: 720, margin: '48px auto' }}>
      <Heading>{messages.navigation.shell.underConstruction}</Heading>
      <Muted>{messages.navigation.shell.underConstructionBody}</Muted>
    </Card>
  );
}
