/**
 * The product wizard screen (issue 13; SPEC §2 'add', sub-routes create, clone, edit): renders the
 * productWizard machine in the generic WizardFrame, one body per step 0, 1, 2. The snapshot is
 * persisted in sessionStorage while resumable (a reload keeps the wizard, its hash and uploads),
 * and cleared once saved; leaving with unsaved work asks first. After the final call: SUCCESS
 * (links to the product and the list) or ERROR (Reintentar on the same hash, Volver a editar).
 * The steps and the outcome live in ./wizard, one file each; the machine's wiring in ./wiring.ts.
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { RESUMABLE } from '../../../../machines/productWizard';
import type { FormValue, FormValues } from '../../../../machines/resourceForm';
import type { ProductWizardMode } from '../../../contracts/productWizard';
import { snapshotSlot } from '../../api/wizardSnapshots';
import { ConfirmDialog } from '../../ui/dialog';
import { Alert, Button, Card, Heading, Spinner } from '../../ui/primitives';
import { WizardFrame } from '../resources/WizardFrame';
import { useLinkBlocker } from '../shared/unsavedChanges';
import { usePersistedWizard } from '../usePersistedWizard';
import { productWizardLogic } from './wiring';
import { CategoryStep } from './wizard/CategoryStep';
import { CoverageStep } from './wizard/CoverageStep';
import { Failed, Saved } from './wizard/Outcome';
import { RateStep } from './wizard/RateStep';
import { text, textOf } from './wizard/values';

export const EMPTY_PRODUCT: FormValues = {
  short_name: '',
  long_name: '',
  url_image: '',
  is_enabled: true,
  product_type_id: '',
  supplier_id: '',
  zones: [],
  offices: [],
  product_coverage: [{ coverage_id: '', limit_amount: '', currency_id: '' }],
  general_rate: '',
  particular_rates: [],
};

const storageKey = (mode: ProductWizardMode, productId: number | null) =>
  `productWizard:${mode}:${productId ?? 'new'}`;

export function ProductWizardView({
  mode,
  productId,
}: {
  mode: ProductWizardMode;
  productId: number | null;
}) {
  // A new run (after a saved product: 'Crear otro producto') is a new machine.
  const [run, setRun] = useState(0);
  return (
    <WizardRun key={run} mode={mode} productId={productId} onRestart={() => setRun((value) => value + 1)} />
  );
}

function WizardRun({
  mode,
  productId,
  onRestart,
}: {
  mode: ProductWizardMode;
  productId: number | null;
  onRestart: () => void;
}) {
  const [slot] = useState(() => snapshotSlot(storageKey(mode, productId)));
  const [logic] = useState(() => productWizardLogic(mode));
  const actor = usePersistedWizard(logic, {
    slot,
    input: { mode, productId, defaults: EMPTY_PRODUCT },
    resumable: RESUMABLE,
  });
  const snapshot = useSelector(actor, (state) => state);
  const { step, values, fieldErrors, error, options, uploading, uploadRows, touched, resultId } =
    snapshot.context;

  const saved = snapshot.matches('saved');
  const blocker = useLinkBlocker(touched && !saved);
  const send = actor.send;
  const change = (field: string, value: FormValue) => send({ type: 'FIELD_CHANGED', field, value });
  const upload = (target: string, file: File | undefined) => {
    if (file) send({ type: 'UPLOAD', target, file });
  };
  const errorOf = (field: string) => fieldErrors[field] ?? null;

  const title =
    mode === 'create'
      ? text.wizardTitle
      : `${mode === 'clone' ? text.tabs.clone : text.tabs.edit}: ${text.detailTitle}`;

  let body: ReactNode;
  if (snapshot.matches('loading')) body = <Spinner label={text.loadingProduct} />;
  else if (snapshot.matches('loadFailed'))
    body = (
      <Alert tone="danger" role="alert">
        {error}{' '}
        <Button type="button" size="small" onClick={() => send({ type: 'RETRY' })}>
          {text.retry}
        </Button>
      </Alert>
    );
  else if (saved)
    body = <Saved mode={mode} name={textOf(values.long_name)} resultId={resultId} onRestart={onRestart} />;
  else if (snapshot.matches('failed') || snapshot.matches('finalizing'))
    body = (
      <Failed
        finalizing={snapshot.matches('finalizing')}
        error={error}
        fieldErrors={fieldErrors}
        onEdit={() => send({ type: 'EDIT' })}
        onRetry={() => send({ type: 'RETRY' })}
      />
    );
  else {
    const busy = !snapshot.matches('editing');
    body = (
      <WizardFrame
        labels={text.steps}
        step={step}
        error={error}
        busy={busy}
        busyLabel={
          uploading ? (uploading === 'url_image' ? text.imageUploading : text.rateUploading) : text.saving
        }
        onBack={() => send({ type: 'BACK' })}
        onNext={() => send({ type: 'NEXT' })}
      >
        {step === 0 ? (
          <CategoryStep
            values={values}
            options={options}
            errorOf={errorOf}
            change={change}
            upload={upload}
            busy={busy}
            mode={mode}
          />
        ) : null}
        {step === 1 ? (
          <CoverageStep
            values={values}
            options={options}
            fieldErrors={fieldErrors}
            change={change}
            busy={busy}
          />
        ) : null}
        {step === 2 ? (
          <RateStep
            values={values}
            errorOf={errorOf}
            uploadRows={uploadRows}
            change={change}
            upload={upload}
            busy={busy}
            mode={mode}
          />
        ) : null}
      </WizardFrame>
    );
  }

  return (
    <Card>
      <Heading>{title}</Heading>
      {body}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={text.unsavedTitle}
        text={text.unsavedText}
        confirmLabel={text.unsavedLeave}
        onConfirm={() => {
          slot.clear();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      />
    </Card>
  );
}
