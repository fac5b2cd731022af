/** The product image: upload, preview (an object URL released when left) and remove. */
import { useEffect, useState } from 'react';
import type { FormValue } from '../../../../../machines/resourceForm';
import { imageObjectUrl } from '../../../api/products';
import { Button, Field, Input, Muted, Row } from '../../../ui/primitives';
import { text } from './values';

export function ImageField({
  id,
  error,
  busy,
  upload,
  change,
}: {
  id: string;
  error: string[] | null;
  busy: boolean;
  upload: (target: string, file: File | undefined) => void;
  change: (field: string, value: FormValue) => void;
}) {
  // undefined while loading, null when the image could not be read.
  const [preview, setPreview] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setPreview(undefined);
    if (id)
      void imageObjectUrl(id).then((next) => {
        url = next;
        if (!cancelled) setPreview(next);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return (
    <Field label={text.image} error={error} hint={text.imageHint}>
      {(aria) => (
        <Row>
          <Input
            {...aria}
            type="file"
            name="url_image"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            onChange={(event) => {
              upload('url_image', event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {preview ? (
            <img
              src={preview}
              alt={text.imagePreview}
              style={{ maxHeight: 80, maxWidth: 160, borderRadius: 4 }}
            />
          ) : (
            <Muted>
              {!id ? text.imageNone : preview === null ? text.imageUnavailable : text.imageUploading}
            </Muted>
          )}
          {id ? (
            <Button type="button" size="small" variant="ghost" onClick={() => change('url_image', '')}>
              {text.imageRemove}
            </Button>
          ) : null}
        </Row>
      )}
    </Field>
  );
}
