/**
 * /dashboard (SPEC §2): the grid of module cards filtered by the user's modules and permissions.
 * Each card has its icon, a one-line description and, where the user may view the module, a live
 * figure (issue 18): its records count or its pending items, from the dashboardFigures machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { Figure } from '../../../../machines/dashboardFigures';
import type { Profile } from '../../../contracts/auth';
import { formatCount } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { dashboardCards } from '../../../contracts/modules';
import { Heading, Muted } from '../../ui/primitives';
import { styled } from '../../ui/theme';
import { cardDescription, cardIcon, figureRequestOf } from './cardInfo';
import { dashboardFiguresLogic } from './wiring';

const text = messages.polish.dashboard;

const Grid = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: '$4',
});
const CardLink = styled(Link, {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gridTemplateRows: 'auto auto auto',
  columnGap: '$3',
  rowGap: '$1',
  alignItems: 'start',
  height: '100%',
  boxSizing: 'border-box',
  minHeight: '112px',
  padding: '$4',
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$card',
  color: '$text',
  textDecoration: 'none',
  borderLeft: '4px solid $primary',
  '&:hover': { boxShadow: '$raised' },
  '&:focus-visible': { outline: '3px solid $focus' },
});
const Icon = styled('span', { gridRow: '1 / span 3', fontSize: '28px', lineHeight: 1 });
const Title = styled('span', { fontWeight: 600, fontSize: '$3' });
const Description = styled('span', { color: '$muted', fontSize: '$1' });
const FigureText = styled('span', { fontWeight: 600, color: '$primary', fontSize: '$2' });

function figureText(figure: Figure): string {
  const shown = formatCount(figure.count);
  const count =
    figure.countKind === 'capped'
      ? text.more(shown)
      : figure.countKind === 'estimate'
        ? text.about(shown)
        : shown;
  return figure.kind === 'pending' ? text.pending(count) : text.records(count);
}

export function DashboardView({ user }: { user: Profile }) {
  const cards = dashboardCards({
    isSuperuser: user.is_superuser,
    permissions: user.permissions,
    modules: user.modules,
  });
  const requests = cards.flatMap((card) => figureRequestOf(card.routing) ?? []);
  const actor = useActorRef(dashboardFiguresLogic, { input: { requests } });
  const figures = useSelector(actor, (snapshot) => snapshot.context.figures);
  return (
    <>
      <Heading>{messages.navigation.shell.dashboardTitle}</Heading>
      {cards.length === 0 ? (
        <Muted role="status">{messages.navigation.shell.emptyDashboard}</Muted>
      ) : (
        <Grid aria-label={messages.navigation.shell.dashboardTitle}>
          {cards.map((card) => {
            const description = cardDescription(card.routing);
            const figure = figures[card.routing];
            return (
              <li key={card.routing}>
                <CardLink to={`/dashboard/${card.routing}`}>
                  <Icon aria-hidden="true">{cardIcon(card.routing)}</Icon>
                  <Title>{card.title}</Title>
                  {description ? <Description>{description}</Description> : null}
                  {figure ? (
                    <FigureText data-testid={`figure-${card.routing}`}>{figureText(figure)}</FigureText>
                  ) : null}
                </CardLink>
              </li>
            );
          })}
        </Grid>
      )}
    </>
  );
}
