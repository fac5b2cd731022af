/** A statechart drawn by mermaid from its text; the previous drawing stays until the next is ready. */
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../contracts/messages';
import { Alert, Spinner } from '../../ui/primitives';
import { styled } from '../../ui/theme';
import { renderMermaid } from './mermaidRenderer';

const text = messages.qa;

const Canvas = styled('div', {
  overflow: 'auto',
  maxHeight: '70vh',
  border: '1px solid $border',
  borderRadius: '$1',
  backgroundColor: 'white',
  padding: '$3',
  '& svg': { maxWidth: '100%', height: 'auto' },
});

const Source = styled('pre', {
  fontSize: '$1',
  maxHeight: '240px',
  overflow: 'auto',
  backgroundColor: '$background',
  padding: '$3',
});

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'failed'; detail: string };

export function MermaidDiagram({ source, label }: { source: string; label: string }) {
  const canvas = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    renderMermaid(source).then(
      (svg) => {
        if (!current || !canvas.current) return;
        // mermaid's output with securityLevel 'strict' (sanitised by its DOMPurify).
        canvas.current.innerHTML = svg;
        setStatus({ kind: 'ready' });
      },
      (error: unknown) => {
        if (current)
          setStatus({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [source]);

  return (
    <div>
      {status.kind === 'loading' ? <Spinner label={text.diagramLoading} /> : null}
      {status.kind === 'failed' ? (
        <Alert tone="danger" role="alert">
          {text.diagramError} {status.detail}
        </Alert>
      ) : null}
      <Canvas ref={canvas} role="img" aria-label={label} data-testid="qa-diagram" />
      <details>
        <summary>{text.mermaidSource}</summary>
        <Source>{source}</Source>
      </details>
    </div>
  );
}
