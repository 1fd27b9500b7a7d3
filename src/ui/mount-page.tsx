import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './faces.css';

/** Renders an extension page's face into its #root. */
export function mountPage(face: ReactNode): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('The page has no #root element.');
  createRoot(container).render(<StrictMode>{face}</StrictMode>);
}
