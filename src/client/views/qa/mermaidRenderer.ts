/**
 * mermaid, loaded on first use and set up once: strict security (labels are text, never HTML or
 * scripts), no start-on-load scanning. Rendering is local: nothing is fetched from elsewhere.
 * mermaid is not bundled (issue 41: it was most of the build's module graph, and of the memory of
 * a first start's client build): its own prebuilt ES modules are served from /mermaid/
 * (mermaidAssetsPlugin.ts) and imported from there by the browser.
 */
type Mermaid = typeof import('mermaid').default;

/** mermaid's prebuilt entry module, as mermaidAssetsPlugin.ts serves it. */
export const MERMAID_MODULE_URL = '/mermaid/mermaid.esm.min.mjs';

let loading: Promise<Mermaid> | null = null;
let counter = 0;

function loadMermaid(): Promise<Mermaid> {
  loading ??= (import(/* @vite-ignore */ MERMAID_MODULE_URL) as Promise<{ default: Mermaid }>).then(
    ({ default: mermaid }) => {
      mermaid.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'default',
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      });
      return mermaid;
    },
  );
  return loading;
}

/** The SVG of a mermaid diagram. */
export async function renderMermaid(text: string): Promise<string> {
  const mermaid = await loadMermaid();
  counter += 1;
  const { svg } = await mermaid.render(`qa-diagram-${counter}`, text);
  return svg;
}
