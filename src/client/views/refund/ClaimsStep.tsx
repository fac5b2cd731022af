/**
 * Step 'Carga de reintegros' (SPEC §2): 'Cargar reintegros' / 'Agregar reintegro', claim cards
 * with 'Remover', the optional comment (max 255) with the CONTINUAR hint once a claim exists.
 */
import { useSelector } from '@xstate/react';
import { MAX_COMMENT_LENGTH } from '../../../contracts/refund';
import { useTranslator } from '../../refund/language';
import { countryLabel, coverageLabelOf, currencyLabel } from '../../refund/names';
import { Alert, Button, Field, Muted, Row, Stack, Subheading, TextArea } from '../../ui/primitives';
import { styled } from '../../ui/theme';
import { ClaimDialog, type ClaimFormActor } from './ClaimDialog';
import type { WizardActor } from './wizardActor';

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
  const tr = useTranslator();
  const { t } = tr;
  const coverageLabel = coverageLabelOf(tr, snapshot.context.login);
  const dialogOpen = snapshot.matches({ claims: 'dialog' });
  const claimForm = snapshot.children.claimForm;
  return (
    <section>
      <Subheading>{t('refund.claimsTitle')}</Subheading>
      <Stack>
        <Row>
          <Button type="button" onClick={() => actor.send({ type: 'OPEN_CLAIM_DIALOG' })}>
            {claims.length === 0 ? t('refund.loadClaimsButton') : t('refund.addClaimButton')}
          </Button>
        </Row>
        {claims.length ? (
          <Cards aria-label={t('refund.claimsTitle')}>
            {claims.map((claim, index) => (
              <ClaimCard key={claim.coverage} aria-label={coverageLabel(claim.coverage)}>
                <strong>{coverageLabel(claim.coverage)}</strong>
                <span>
                  <Term>{t('refund.cardCountry')}: </Term>
                  {countryLabel(tr, claim.sinister_country)}
                </span>
                <span>
                  <Term>{t('refund.cardDate')}: </Term>
                  {tr.date(claim.sinister_date)}
                </span>
                <span>
                  <Term>{t('refund.cardCurrency')}: </Term>
                  {currencyLabel(tr, claim.currency)}
                </span>
                <span>
                  <Term>{t('refund.cardAmount')}: </Term>
                  {tr.money(claim.amount, claim.currency)}
                </span>
                <span>{t('refund.cardFiles', { count: claim.coverage_files.length })}</span>
                <Row justify="end">
                  <Button
                    type="button"
                    size="small"
                    variant="ghost"
                    onClick={() => actor.send({ type: 'CLAIM_REMOVED', index })}
                  >
                    {t('refund.removeClaimButton')}
                  </Button>
                </Row>
              </ClaimCard>
            ))}
          </Cards>
        ) : null}
        {claims.length ? (
          <Field label={t('refund.commentLabel')} hint={t('refund.commentHint')}>
            {(aria) => (
              <TextArea
                {...aria}
                placeholder={t('refund.commentPlaceholder')}
                maxLength={MAX_COMMENT_LENGTH}
                value={comment}
                onChange={(event) => actor.send({ type: 'COMMENT_CHANGED', value: event.target.value })}
              />
            )}
          </Field>
        ) : (
          <Muted>{t('refund.commentHint')}</Muted>
        )}
        {claimsError ? (
          <Alert tone="danger" role="alert">
            {tr.fromSpanish(claimsError)}
          </Alert>
        ) : null}
      </Stack>
      {dialogOpen && claimForm ? (
        <ClaimDialog
          actor={claimForm as ClaimFormActor}
          onClose={() => actor.send({ type: 'CLOSE_CLAIM_DIALOG' })}
          coverageLabel={coverageLabel}
        />
      ) : null}
    </section>
  );
}
