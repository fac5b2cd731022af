/** Step 'Datos personales' (SPEC §2): name, surname, document and voucher read-only; email and phone editable. */
import { useSelector } from '@xstate/react';
import { useTranslator } from '../../refund/language';
import { Cell, Grid, Subheading, TextField } from '../../ui/primitives';
import type { WizardActor } from './wizardActor';

export function ApplicantStep({ actor }: { actor: WizardActor }) {
  const { applicant, applicantErrors } = useSelector(actor, (state) => state.context);
  const { t, fromSpanish } = useTranslator();
  const readOnly = [
    ['name', t('refund.nameLabel')],
    ['surname', t('refund.surnameLabel')],
    ['doc_number', t('refund.docNumberLabel')],
    ['voucher', t('refund.voucherLabel')],
  ] as const;
  return (
    <section>
      <Subheading>{t('refund.applicantTitle')}</Subheading>
      <Grid>
        {readOnly.map(([field, label]) => (
          <Cell span={6} key={field}>
            <TextField
              label={label}
              value={applicant[field]}
              readOnly
              error={fromSpanish(applicantErrors[field]) || undefined}
            />
          </Cell>
        ))}
        <Cell span={6}>
          <TextField
            label={t('refund.emailLabel')}
            type="email"
            autoComplete="email"
            value={applicant.email}
            error={fromSpanish(applicantErrors.email) || undefined}
            onValueChange={(value) => actor.send({ type: 'APPLICANT_CHANGED', values: { email: value } })}
          />
        </Cell>
        <Cell span={6}>
          <TextField
            label={t('refund.phoneLabel')}
            inputMode="tel"
            autoComplete="tel"
            value={applicant.phone_contact}
            error={fromSpanish(applicantErrors.phone_contact) || undefined}
            onValueChange={(value) =>
              actor.send({ type: 'APPLICANT_CHANGED', values: { phone_contact: value } })
            }
          />
        </Cell>
      </Grid>
    </section>
  );
}
