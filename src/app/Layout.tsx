import type { ReactNode } from 'react';
import { Header } from './Header.tsx';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
