/**
 * The list's head: the module's title, its export and download buttons, 'Crear' where the user may,
 * and the module's tabs (one list below them, filtered by the active tab).
 */
import { Link } from 'react-router-dom';
import type { ListQuery } from '../../../../../machines/resourceList';
import type { CountKind } from '../../../../contracts/engine';
import type { SavedView } from '../../../../contracts/listPreferences';
import { messages } from '../../../../contracts/messages';
import type { ColumnDescriptor, ResourceDescriptor } from '../../../resources/descriptor';
import { paramsFromQuery } from '../../../resources/urlQuery';
import { Button, Heading, Row } from '../../../ui/primitives';
import { TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs';
import { DownloadButton } from '../DownloadButton';
import { ExportButton } from '../ExportButton';
import { ColumnChooser } from './ColumnChooser';
import type { ListBack } from './ListTable';
import type { ListSend } from './listActor';
import { SavedViews } from './SavedViews';
import type { ListPreferencesState } from './useListPreferences';

const text = messages.resourceScreens;
const DEFAULT_TAB = '__default';

export function ListToolbar({
  descriptor,
  query,
  count,
  countKind,
  canCreate,
  back,
  columns,
  preferences,
  onApplyView,
}: {
  descriptor: ResourceDescriptor;
  query: ListQuery;
  count: number;
  countKind: CountKind;
  canCreate: boolean;
  back: ListBack;
  /** The columns shown now. */
  columns: readonly ColumnDescriptor[];
  preferences: ListPreferencesState;
  onApplyView: (view: SavedView) => void;
}) {
  const shown = columns.map((column) => column.key);
  return (
    <Row justify="between">
      <Heading>{descriptor.title}</Heading>
      <ColumnChooser
        title={descriptor.title}
        columns={descriptor.columns}
        shown={shown}
        error={preferences.columnsError}
        onChange={preferences.chooseColumns}
      />
      <SavedViews
        title={descriptor.title}
        views={preferences.views}
        onApply={onApplyView}
        onRemove={preferences.removeView}
        onSave={(name) =>
          preferences.saveView({
            list_key: descriptor.routing,
            name,
            // The list's URL state without its page: a view opens on its first page.
            query: Object.fromEntries(paramsFromQuery({ ...query, offset: 0, exactCount: false })),
            columns: shown,
          })
        }
      />
      <ExportButton descriptor={descriptor} query={query} />
      <DownloadButton
        descriptor={descriptor}
        query={query}
        // Past a capped or estimated count, as many rows as the server gives.
        rows={countKind === 'exact' ? count : Number.POSITIVE_INFINITY}
      />
      {canCreate ? (
        <Button as={Link} to="create" state={back}>
          {text.create}
        </Button>
      ) : null}
    </Row>
  );
}

export function ListTabs({
  descriptor,
  tab,
  send,
}: {
  descriptor: ResourceDescriptor;
  tab: string | null;
  send: ListSend;
}) {
  return (
    <TabsRoot
      value={tab ?? DEFAULT_TAB}
      onValueChange={(value) => send({ type: 'TAB_CHANGED', tab: value === DEFAULT_TAB ? null : value })}
    >
      <TabsList aria-label={descriptor.title}>
        {descriptor.tabs.map((candidate) => (
          // The tabs filter the one list below; no per-tab panel exists, so no aria-controls
          // pointing at a panel never rendered (axe aria-valid-attr-value, issue 18).
          <TabsTrigger
            key={candidate.key ?? DEFAULT_TAB}
            value={candidate.key ?? DEFAULT_TAB}
            aria-controls={undefined}
          >
            {candidate.label}
          </TabsTrigger>
        ))}
      </TabsList>
    </TabsRoot>
  );
}
