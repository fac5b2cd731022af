/**
 * /qa/machines: every machine of the catalogue with its counts; the chosen machine's statechart
 * (mermaid, offline); its generated paths, and a loaded recording replayed, both stepped through
 * with a slider that highlights the active states. The selection lives in the URL
 * (`?machine=&tab=&path=&flow=&step=`), so a step can be linked; the loaded file stays in memory.
 */
import { type ChangeEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { MachineEntry } from '../../../../machines/index';
import { messages } from '../../../contracts/messages';
import { displayJson } from '../../qa/json';
import { describeSteps } from '../../qa/labels';
import { activeStateIds, toMermaid } from '../../qa/mermaid';
import { describePath } from '../../qa/paths';
import { parseRecording, type Recording } from '../../qa/recording';
import { type ReplayStep, replay } from '../../qa/replay';
import { Alert, Card, Heading, Muted, Stack, Subheading } from '../../ui/primitives';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { styled } from '../../ui/theme';
import { entryByMachineId, entryByName, machineCatalogue, pathsFor, useCatalogueCounts } from './catalogue';
import { MermaidDiagram } from './MermaidDiagram';
import { type InspectorStep, StepInspector } from './StepInspector';

const text = messages.qa;

const Page = styled('div', {
  padding: '$5',
  maxWidth: '1600px',
  margin: '0 auto',
  '@mobile': { padding: '$3' },
});
const Layout = styled('div', {
  display: 'grid',
  gridTemplateColumns: '300px minmax(0, 1fr)',
  gap: '$5',
  alignItems: 'start',
  '@mobile': { gridTemplateColumns: 'minmax(0, 1fr)' },
});
const MachineList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
});
const MachineButton = styled('button', {
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'block',
  padding: '$3',
  borderRadius: '$1',
  border: '1px solid $border',
  backgroundColor: '$surface',
  cursor: 'pointer',
  '&:hover': { borderColor: '$primary' },
  '&:focus-visible': { outline: '3px solid $focus' },
  '&[aria-current="true"]': { borderColor: '$primary', backgroundColor: '$primarySoft' },
  '& strong': { display: 'block', fontSize: '$3' },
  '& small': { display: 'block', color: '$muted', marginTop: '$1' },
});
const PathList = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  maxHeight: '480px',
  overflowY: 'auto',
});
const PathLines = styled('ol', {
  listStyle: 'none',
  margin: '$1 0 0',
  padding: 0,
  fontFamily: 'ui-monospace, monospace',
  fontSize: '$1',
  color: '$muted',
});

type Tab = 'paths' | 'recording';

interface LoadedRecording {
  fileName: string;
  recording: Recording;
}

function numberParam(value: string | null): number | null {
  if (value === null || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

function pathSteps(entry: MachineEntry, pathIndex: number): InspectorStep[] {
  const path = pathsFor(entry)[pathIndex];
  if (!path) return [];
  const lines = describePath(path);
  return path.steps.map((step, index) => ({
    line: lines[index],
    event: displayJson(step.event),
    context: displayJson(step.state.context),
    value: step.state.value,
    skeleton: { event: step.event, state: { value: step.state.value } },
  }));
}

function recordingSteps(replayed: ReplayStep[]): InspectorStep[] {
  const lines = describeSteps(replayed.map((step) => ({ event: step.event, state: step.snapshot })));
  return replayed.map((step, index) => ({
    line: lines[index],
    event: displayJson(step.recordedEvent),
    context: displayJson(step.recorded.context),
    value: step.snapshot.value,
    divergedFrom: step.diverged ? (step.recorded.value as InspectorStep['value']) : null,
    skeleton: { event: step.event, state: { value: step.snapshot.value } },
  }));
}

export function GalleryView() {
  const [params, setParams] = useSearchParams();
  const counts = useCatalogueCounts();
  const [loaded, setLoaded] = useState<LoadedRecording | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const entry = entryByName(params.get('machine'));
  const tab: Tab = params.get('tab') === 'recording' ? 'recording' : 'paths';
  const pathIndex = numberParam(params.get('path'));
  const flowIndex = numberParam(params.get('flow'));
  const stepIndex = numberParam(params.get('step')) ?? 0;

  const update = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace });
  };

  const flow = loaded && flowIndex !== null ? (loaded.recording.actors[flowIndex] ?? null) : null;
  const replayResult = useMemo((): { steps: ReplayStep[] } | { error: string } | null => {
    if (!entry || tab !== 'recording' || !flow || entryByMachineId(flow.machine) !== entry) return null;
    try {
      return { steps: replay(entry.model.machine, flow) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [entry, tab, flow]);

  const steps = useMemo((): InspectorStep[] => {
    if (!entry) return [];
    if (tab === 'paths') return pathIndex === null ? [] : pathSteps(entry, pathIndex);
    return replayResult && 'steps' in replayResult ? recordingSteps(replayResult.steps) : [];
  }, [entry, tab, pathIndex, replayResult]);

  const currentStep = steps[Math.min(stepIndex, steps.length - 1)];
  const diagram = useMemo(() => {
    if (!entry) return null;
    const active = currentStep ? activeStateIds(entry.model.machine, currentStep.value) : [];
    return toMermaid(entry.model.machine, { active });
  }, [entry, currentStep]);

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const recording = parseRecording(await file.text());
      setLoaded({ fileName: file.name, recording });
      setLoadError(null);
      const first = recording.actors.findIndex((actor) => entryByMachineId(actor.machine));
      if (first >= 0) {
        const target = entryByMachineId(recording.actors[first].machine)!;
        update({ machine: target.name, tab: 'recording', flow: String(first), path: null, step: '0' });
      } else {
        update({ tab: 'recording', flow: null, step: null });
      }
    } catch {
      setLoaded(null);
      setLoadError(text.recordingInvalid);
    }
  };

  const selectionKey = `${entry?.name}|${tab}|${tab === 'paths' ? pathIndex : flowIndex}`;

  return (
    <Page>
      <Stack>
        <header>
          <Heading>{text.title}</Heading>
          <Muted>{text.intro}</Muted>
          <Link to="/dashboard">{text.backToDashboard}</Link>
        </header>
        <Layout>
          <nav aria-label={text.machines}>
            <Subheading>{text.machines}</Subheading>
            <MachineList>
              {machineCatalogue.map((candidate) => {
                const known = counts.get(candidate.name);
                return (
                  <li key={candidate.name}>
                    <MachineButton
                      type="button"
                      aria-current={candidate === entry}
                      data-machine={candidate.name}
                      onClick={() =>
                        update({ machine: candidate.name, path: null, flow: null, step: null, tab: null })
                      }
                    >
                      <strong>{candidate.name}</strong>
                      <span>{candidate.description}</span>
                      <small>
                        {known ? text.counts(known.states, known.transitions, known.paths) : text.counting}
                      </small>
                    </MachineButton>
                  </li>
                );
              })}
            </MachineList>
          </nav>
          <main>
            {!entry ? (
              <Card>
                <Muted>{text.chooseMachine}</Muted>
                <RecordingLoader loaded={loaded} error={loadError} onChange={loadFile} />
              </Card>
            ) : (
              <Stack>
                <Card>
                  <Subheading>{entry.name}</Subheading>
                  <Muted>{entry.description}</Muted>
                  {diagram ? (
                    <MermaidDiagram source={diagram} label={`${text.diagram}: ${entry.name}`} />
                  ) : null}
                </Card>
                {steps.length > 0 ? (
                  <Card>
                    <StepInspector
                      key={selectionKey}
                      machineName={entry.name}
                      steps={steps}
                      index={Math.min(stepIndex, steps.length - 1)}
                      onIndexChange={(index) => update({ step: String(index) }, true)}
                    />
                  </Card>
                ) : null}
                <Card>
                  <TabsRoot
                    value={tab}
                    onValueChange={(value) => update({ tab: value === 'paths' ? null : value, step: null })}
                  >
                    <TabsList aria-label={entry.name}>
                      <TabsTrigger value="paths">{text.pathsTab}</TabsTrigger>
                      <TabsTrigger value="recording">{text.recordingTab}</TabsTrigger>
                    </TabsList>
                    <TabsContent value="paths">
                      <Muted>{text.pathsHelp}</Muted>
                      <PathList aria-label={text.pathsTab}>
                        {pathsFor(entry).map((path, index) => (
                          <li key={describePath(path).join('|')}>
                            <MachineButton
                              type="button"
                              aria-current={tab === 'paths' && index === pathIndex}
                              data-path={index}
                              onClick={() => update({ path: String(index), step: '0' })}
                            >
                              <strong>{text.pathLabel(index, path.steps.length - 1)}</strong>
                              <PathLines>
                                {describePath(path).map((line) => (
                                  <li key={line}>{line}</li>
                                ))}
                              </PathLines>
                            </MachineButton>
                          </li>
                        ))}
                      </PathList>
                    </TabsContent>
                    <TabsContent value="recording">
                      <Stack>
                        <RecordingLoader loaded={loaded} error={loadError} onChange={loadFile} />
                        {loaded ? (
                          <RecordedFlows
                            recording={loaded.recording}
                            current={entry && tab === 'recording' ? flowIndex : null}
                            onChoose={(index, target) =>
                              update({
                                machine: target.name,
                                tab: 'recording',
                                flow: String(index),
                                step: '0',
                              })
                            }
                          />
                        ) : null}
                        {flow?.start === 'snapshot' ? <Muted>{text.fromSnapshot}</Muted> : null}
                        {replayResult && 'error' in replayResult ? (
                          <Alert tone="danger" role="alert">
                            {text.recordingInvalid} {replayResult.error}
                          </Alert>
                        ) : null}
                      </Stack>
                    </TabsContent>
                  </TabsRoot>
                </Card>
              </Stack>
            )}
          </main>
        </Layout>
      </Stack>
    </Page>
  );
}

function RecordingLoader({
  loaded,
  error,
  onChange,
}: {
  loaded: LoadedRecording | null;
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Stack css={{ gap: '$2' }}>
      <label htmlFor="qa-recording-file">
        <strong>{text.loadRecording}</strong>
      </label>
      <input id="qa-recording-file" type="file" accept="application/json,.json" onChange={onChange} />
      {loaded ? (
        <Muted>
          {loaded.fileName} · {text.masked}
        </Muted>
      ) : (
        <Muted>{text.noRecording}</Muted>
      )}
      {error ? (
        <Alert tone="danger" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function RecordedFlows({
  recording,
  current,
  onChoose,
}: {
  recording: Recording;
  current: number | null;
  onChoose: (index: number, entry: MachineEntry) => void;
}) {
  return (
    <nav aria-label={text.recordedFlows}>
      <strong>{text.recordedFlows}</strong>
      <PathList>
        {recording.actors.map((actor, index) => {
          const target = entryByMachineId(actor.machine);
          return (
            <li key={actor.actor}>
              {target ? (
                <MachineButton
                  type="button"
                  aria-current={index === current}
                  onClick={() => onChoose(index, target)}
                >
                  <strong>{text.recordedFlow(actor.machine, actor.steps.length - 1)}</strong>
                </MachineButton>
              ) : (
                <Muted>{text.unknownMachine(actor.machine)}</Muted>
              )}
            </li>
          );
        })}
      </PathList>
    </nav>
  );
}

export default GalleryView;
