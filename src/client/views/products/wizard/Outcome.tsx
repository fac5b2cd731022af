/**
 * After the final call: SUCCESS (links to the product and the list, 'Crear otro producto' when
 * creating) or ERROR (Reintentar on the same hash, Volver a editar), with the saving spinner.
 */
import { Link } from 'react-router-dom';
import type { ProductWizardMode } from '../../../../contracts/productWizard';
import { Alert, Button, Row, Spinner, Stack } from '../../../ui/primitives';
import { text } from './values';

export function Saved({
  mode,
  name,
  resultId,
  onRestart,
}: {
  mode: ProductWizardMode;
  name: string;
  resultId: number | null;
  onRestart: () => void;
}) {
  return (
    <Stack>
      <Alert tone="success" role="status">
        <strong>{text.success[mode]}</strong> {text.successBody(name)}
      </Alert>
      <Row>
        <Button as={Link} to={`/dashboard/productos/${resultId}`}>
          {text.showProduct}
        </Button>
        <Button as={Link} to="/dashboard/productos" variant="secondary">
          {text.goToList}
        </Button>
        {mode === 'create' ? (
          <Button type="button" variant="secondary" onClick={onRestart}>
            {text.createAnother}
          </Button>
        ) : null}
      </Row>
    </Stack>
  );
}

export function Failed({
  finalizing,
  error,
  fieldErrors,
  onEdit,
  onRetry,
}: {
  finalizing: boolean;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  onEdit: () => void;
  onRetry: () => void;
}) {
  return (
    <Stack>
      {finalizing ? (
        <Spinner label={text.saving} />
      ) : (
        <Alert tone="danger" role="alert">
          <strong>{text.errorTitle}</strong>
          <p>{error}</p>
          {Object.entries(fieldErrors).map(([field, list]) => (
            <p key={field}>{list.join(' ')}</p>
          ))}
          <p>{text.errorBody}</p>
        </Alert>
      )}
      <Row>
        <Button type="button" variant="secondary" disabled={finalizing} onClick={onEdit}>
          {text.backToEdit}
        </Button>
        <Button type="button" disabled={finalizing} onClick={onRetry}>
          {text.retry}
        </Button>
      </Row>
    </Stack>
  );
}
