/** A file chooser that stores the chosen bytes (IndexedDB) and hands the machine metadata only. */
import { type ChangeEvent, useId } from 'react';
import type { ReceiptRef } from '../../../../machines/claimForm';
import { allowedExtensionsAccept } from '../../../../machines/claimForm';
import { hasAllowedExtension } from '../../../contracts/refund';
import { saveReceipt } from '../../refund/files/receiptStore';
import { newIdempotencyKey } from '../../refund/session';
import { Button } from '../../ui/primitives';

export async function storeChosenFiles(files: FileList | File[]): Promise<ReceiptRef[]> {
  const refs: ReceiptRef[] = [];
  for (const file of Array.from(files)) {
    const id = newIdempotencyKey();
    if (hasAllowedExtension(file.name)) await saveReceipt(id, file, file.name);
    refs.push({ id, name: file.name, size: file.size, type: file.type });
  }
  return refs;
}

export function FilePicker({
  label,
  disabled,
  onChosen,
  testId,
}: {
  label: string;
  disabled?: boolean;
  onChosen: (files: ReceiptRef[]) => void;
  testId?: string;
}) {
  const id = useId();
  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = input.files ? Array.from(input.files) : [];
    input.value = '';
    if (files.length) onChosen(await storeChosenFiles(files));
  };
  return (
    <>
      <input
        id={id}
        data-testid={testId}
        type="file"
        multiple
        accept={allowedExtensionsAccept}
        disabled={disabled}
        onChange={change}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        aria-label={label}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={disabled}
        onClick={() => (document.getElementById(id) as HTMLInputElement | null)?.click()}
      >
        {label}
      </Button>
    </>
  );
}
