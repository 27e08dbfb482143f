import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoutes } from '@/app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// A transition, so React renders the first screen in slices of a few milliseconds and the browser can
// answer input in between; a plain render of the first screen runs to the end in one task.
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
});

void preloadRoutes(window.location.pathname);
