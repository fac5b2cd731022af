/**
 * mermaid, loaded on first use (its own chunks) and set up once: strict security (labels are
 * text, never HTML or scripts), no start-on-load scanning. Rendering is local: nothing is fetched.
 */
type Mermaid = typeof import('mermaid').default;

let loading: Promise<Mermaid> | null = null;
let counter = 0;

function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    });
    return mermaid;
  });
  return loading;
}

/** The SVG of a mermaid diagram. */
export async function renderMermaid(text: string): Promise<string> {
  const mermaid = await loadMermaid();
  counter += 1;
  const { svg } = await mermaid.render(`qa-diagram-${counter}`, text);
  return svg;
}
