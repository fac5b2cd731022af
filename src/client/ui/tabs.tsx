/** Tabs (Radix): arrow keys move between tabs. */
import * as RadixTabs from '@radix-ui/react-tabs';
import { styled } from './theme';

export const TabsRoot = styled(RadixTabs.Root, { display: 'flex', flexDirection: 'column', gap: '$4' });
export const TabsList = styled(RadixTabs.List, {
  display: 'flex',
  borderBottom: '1px solid $border',
  gap: '$1',
});
export const TabsTrigger = styled(RadixTabs.Trigger, {
  all: 'unset',
  padding: '$2 $4',
  cursor: 'pointer',
  borderBottom: '3px solid transparent',
  fontWeight: 600,
  color: '$muted',
  '&[data-state="active"]': { color: '$primary', borderBottomColor: '$primary' },
  '&:focus-visible': { outline: '3px solid $focus' },
});
export const TabsContent = RadixTabs.Content;
