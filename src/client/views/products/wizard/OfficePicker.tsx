import { useState } from 'react';
import type { FormGroup } from '../../../../../machines/resourceForm';
import { messages } from '../../../../contracts/messages';
import { searchOffices } from '../../../api/products';
import { Button, Field, Input, Muted, Row, Spinner, Stack } from '../../../ui/primitives';
import { text, textOf } from './values';

/** Offices by name (GET /office/?long_name=), several; chosen ones listed with Quitar. */
export function OfficePicker({
  chosen,
  error,
  onChange,
}: {
  chosen: FormGroup[];
  error: string[] | null;
  onChange: (offices: FormGroup[]) => void;
}) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<{ id: string; name: string }[] | null>(null);
  const [searching, setSearching] = useState(false);
  const chosenIds = new Set(chosen.map((office) => textOf(office.id)));
  const search = async () => {
    setSearching(true);
    try {
      setResults(await searchOffices(term.trim()));
    } catch {
      setResults([]);
    } finally {
      setSearching(false);
    }
  };
  return (
    <Field label={text.offices} error={error}>
      {(aria) => (
        <Stack>
          <Row>
            <Input
              {...aria}
              type="search"
              placeholder={text.officeSearch}
              aria-label={text.officeSearch}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void search();
                }
              }}
            />
            <Button type="button" variant="secondary" disabled={searching} onClick={() => void search()}>
              {text.officeSearchButton}
            </Button>
          </Row>
          {searching ? <Spinner label={messages.common.loading} /> : null}
          {results && results.length === 0 ? <Muted>{text.officeNoResults}</Muted> : null}
          {results && results.length > 0 ? (
            <ul aria-label={text.officeSearch} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {results.map((office) => (
                <li key={office.id}>
                  <Row>
                    <span>{office.name}</span>
                    <Button
                      type="button"
                      size="small"
                      variant="ghost"
                      disabled={chosenIds.has(office.id)}
                      aria-label={`${text.officeAdd} ${office.name}`}
                      onClick={() => onChange([...chosen, { id: office.id, name: office.name }])}
                    >
                      {text.officeAdd}
                    </Button>
                  </Row>
                </li>
              ))}
            </ul>
          ) : null}
          {chosen.length === 0 ? (
            <Muted>{text.officeNone}</Muted>
          ) : (
            <ul aria-label={text.offices} style={{ margin: 0 }}>
              {chosen.map((office) => (
                <li key={textOf(office.id)}>
                  <Row>
                    <span>{textOf(office.name)}</span>
                    <Button
                      type="button"
                      size="small"
                      variant="ghost"
                      aria-label={`${text.officeRemove} ${textOf(office.name)}`}
                      onClick={() => onChange(chosen.filter((item) => item.id !== office.id))}
                    >
                      {text.officeRemove}
                    </Button>
                  </Row>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      )}
    </Field>
  );
}
