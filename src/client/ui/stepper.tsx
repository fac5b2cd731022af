/** Wizard step indicator: the current step is announced with aria-current. */
import { styled } from './theme';

const List = styled('ol', {
  display: 'flex',
  gap: '$3',
  listStyle: 'none',
  padding: 0,
  margin: '0 0 $4',
  flexWrap: 'wrap',
});
const Item = styled('li', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  color: '$muted',
  '&[aria-current="step"]': { color: '$primary', fontWeight: 700 },
  '&[data-done="true"]': { color: '$success' },
});
const Badge = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '26px',
  height: '26px',
  borderRadius: '$round',
  border: '2px solid currentColor',
  fontSize: '$1',
});

export function Stepper({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <List>
      {steps.map((step, index) => (
        <Item key={step} aria-current={index === current ? 'step' : undefined} data-done={index < current}>
          <Badge>{index + 1}</Badge>
          {step}
        </Item>
      ))}
    </List>
  );
}
