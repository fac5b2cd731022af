/**
 * A file chooser that stores the chosen bytes (IndexedDB) and hands the machine metadata only,
 * with each PDF's page count (issue 30 §4: the limit counts pages, so a pick is checked at once)
 * and whether its first bytes are what its name says (issue 40: refused at the pick, named).
 * One control: the button; the input it opens is hidden (display: none), so axe and getByRole find
 * one 'Agregar archivos' (issue 30 §4). `capture` opens the camera on phones.
 */
import { type ChangeEvent, useRef } from 'react';
import type { ReceiptRef } from '../../../../machines/claimForm';
import { allowedExtensionsAccept } from '../../../../machines/claimForm';
import { contentMatchesName, hasAllowedExtension } from '../../../contracts/refund';
import { isPdf } from '../../refund/files/prepare';
import { saveReceipt } from '../../refund/files/receiptStore';
import { newIdempotencyKey } from '../../refund/session';
import { Button } from '../../ui/primitives';

/** A PDF's pages (1 when it cannot be read here: the preparation then says what is wrong). */
async function pagesOfFile(file: File): Promise<number> {
  if (!isPdf({ name: file.name, blob: file })) return 1;
  try {
    const { countPdfPages } = await import('../../refund/files/pdf');
    return Math.max(1, await countPdfPages(file));
  } catch {
    return 1;
  }
}

/** Issue 40: whether the file's first bytes are what its name says (a text renamed '.jpg' is not). */
async function contentMatches(file: File): Promise<boolean> {
  try {
    return contentMatchesName(file.name, new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  } catch {
    // Unreadable here: the preparation then says what is wrong.
    return true;
  }
}

export async function storeChosenFiles(files: FileList | File[]): Promise<ReceiptRef[]> {
  const refs: ReceiptRef[] = [];
  for (const file of Array.from(files)) {
    const id = newIdempotencyKey();
    const named = hasAllowedExtension(file.name);
    const contentMismatch = named && !(await contentMatches(file));
    const allowed = named && !contentMismatch;
    if (allowed) await saveReceipt(id, file, file.name);
    refs.push({
      id,
      name: file.name,
      size: file.size,
      type: file.type,
      pages: allowed ? await pagesOfFile(file) : 1,
      ...(contentMismatch ? { contentMismatch } : {}),
    });
  }
  return refs;
}

export function FilePicker({
  label,
  disabled,
  onChosen,
  testId,
  capture,
  variant = 'secondary',
}: {
  label: string;
  disabled?: boolean;
  onChosen: (files: ReceiptRef[]) => void;
  testId?: string;
  /** Opens the camera on phones (an image input with `capture`). */
  capture?: boolean;
  variant?: 'secondary' | 'ghost';
}) {
  const input = useRef<HTMLInputElement>(null);
  const change = async (event: ChangeEvent<HTMLInputElement>) => {
    const target = event.currentTarget;
    const files = target.files ? Array.from(target.files) : [];
    target.value = '';
    if (files.length) onChosen(await storeChosenFiles(files));
  };
  return (
    <>
      <input
        ref={input}
        data-testid={testId}
        type="file"
        multiple={!capture}
        accept={capture ? 'image/*' : allowedExtensionsAccept}
        capture={capture ? 'environment' : undefined}
        disabled={disabled}
        onChange={change}
        // Hidden (display: none): out of the accessibility tree and the tab order; the label stays
        // for tests that hand it files (Playwright's setInputFiles works on a hidden input).
        hidden
        aria-label={label}
      />
      <Button type="button" variant={variant} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}
