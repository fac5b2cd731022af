/**
 * Step 'Carga de reintegros' (SPEC §2): 'Cargar reintegros' / 'Agregar reintegro', claim cards
 * with 'Remover', the optional comment (max 255) with the CONTINUAR hint once a claim exists.
 */
import { useSelector } from '@xstate/react';
import { formatDate, formatMoney } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { MAX_COMMENT_LENGTH } from '../../../contracts/refund';
import { findCountryByIso3, findCurrency } from '../../../contracts/static';
import { Alert, Button, Field, Muted, Row, Stack, Subheading, TextArea } from '../../ui/primitives';
import { styled } from '../../ui/theme';
import { ClaimDialog, type ClaimFormActor } from './ClaimDialog';
import type { WizardActor } from './wizardActor';

const text = messages.refund;

const Cards = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
});
const ClaimCard = styled('li', {
  border: '1px solid $border',
  borderRadius: '$2',
  padding: '$4',
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
});
const Term = styled('span', { color: '$muted', fontSize: '$1' });

export function ClaimsStep({ actor }: { actor: WizardActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const { claims, comment, claimsError } = snapshot.context;
  const dialogOpen = snapshot.matches({ claims: 'dialog' });
  const claimForm = snapshot.children.claimForm;
  return (
    <section>
      <Subheading>{text.claimsTitle}</Subheading>
      <Stack>
        <Row>
          <Button type="button" onClick={() => actor.send({ type: 'OPEN_CLAIM_DIALOG' })}>
            {claims.length === 0 ? text.loadClaimsButton : text.addClaimButton}
          </Button>
        </Row>
        {claims.length ? (
          <Cards aria-label={text.claimsTitle}>
            {claims.map((claim, index) => (
              <ClaimCard key={claim.coverage} aria-label={claim.coverage}>
                <strong>{claim.coverage}</strong>
                <span>
                  <Term>{text.cardCountry}: </Term>
                  {findCountryByIso3(claim.sinister_country)?.name ?? claim.sinister_country}
                </span>
                <span>
                  <Term>{text.cardDate}: </Term>
                  {formatDate(claim.sinister_date)}
                </span>
                <span>
                  <Term>{text.cardCurrency}: </Term>
                  {findCurrency(claim.currency)?.name ?? claim.currency}
                </span>
                <span>
                  <Term>{text.cardAmount}: </Term>
                  {formatMoney(claim.amount, claim.currency)}
                </span>
                <span>{text.cardFiles(claim.coverage_files.length)}</span>
                <Row justify="end">
                  <Button
                    type="button"
                    size="small"
                    variant="ghost"
                    onClick={() => actor.send({ type: 'CLAIM_REMOVED', index })}
                  >
                    {text.removeClaimButton}
                  </Button>
                </Row>
              </ClaimCard>
            ))}
          </Cards>
        ) : null}
        {claims.length ? (
          <Field label={text.commentLabel} hint={text.commentHint}>
            {(aria) => (
              <TextArea
                {...aria}
                placeholder={text.commentPlaceholder}
                maxLength={MAX_COMMENT_LENGTH}
                value={comment}
                onChange={(event) => actor.send({ type: 'COMMENT_CHANGED', value: event.target.value })}
              />
            )}
          </Field>
        ) : (
          <Muted>{text.commentHint}</Muted>
        )}
        {claimsError ? (
          <Alert tone="danger" role="alert">
            {claimsError}
          </Alert>
        ) : null}
      </Stack>
      {dialogOpen && claimForm ? (
        <ClaimDialog
          actor={claimForm as ClaimFormActor}
          onClose={() => actor.send({ type: 'CLOSE_CLAIM_DIALOG' })}
        />
      ) : null}
    </section>
  );
}
