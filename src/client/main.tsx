import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { applyGlobalStyles } from './ui/theme';

applyGlobalStyles();
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
