/** Step 'Datos personales' (SPEC §2): name, surname, document and voucher read-only; email and phone editable. */
import { useSelector } from '@xstate/react';
import { messages } from '../../../contracts/messages';
import { Cell, Grid, Subheading, TextField } from '../../ui/primitives';
import type { WizardActor } from './wizardActor';

const text = messages.refund;

export function ApplicantStep({ actor }: { actor: WizardActor }) {
  const { applicant, applicantErrors } = useSelector(actor, (state) => state.context);
  const readOnly = [
    ['name', text.nameLabel],
    ['surname', text.surnameLabel],
    ['doc_number', text.docNumberLabel],
    ['voucher', text.voucherLabel],
  ] as const;
  return (
    <section>
      <Subheading>{text.applicantTitle}</Subheading>
      <Grid>
        {readOnly.map(([field, label]) => (
          <Cell span={6} key={field}>
            <TextField label={label} value={applicant[field]} readOnly error={applicantErrors[field]} />
          </Cell>
        ))}
        <Cell span={6}>
          <TextField
            label={text.emailLabel}
            type="email"
            autoComplete="email"
            value={applicant.email}
            error={applicantErrors.email}
            onValueChange={(value) => actor.send({ type: 'APPLICANT_CHANGED', values: { email: value } })}
          />
        </Cell>
        <Cell span={6}>
          <TextField
            label={text.phoneLabel}
            inputMode="tel"
            autoComplete="tel"
            value={applicant.phone_contact}
            error={applicantErrors.phone_contact}
            onValueChange={(value) =>
              actor.send({ type: 'APPLICANT_CHANGED', values: { phone_contact: value } })
            }
          />
        </Cell>
      </Grid>
    </section>
  );
}
