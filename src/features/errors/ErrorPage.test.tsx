import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../shared/ui/ErrorBoundary.tsx';
import { renderWithI18n } from '../../test/render.tsx';
import { ErrorPage, NotFoundPage } from './ErrorPage.tsx';

function Broken(): never {
  throw new Error('render failed');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ErrorPage', () => {
  it('is a 500 "Internal Server Error" unless told otherwise, with a way home', () => {
    renderWithI18n(<ErrorPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('Error 500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en/student');
    expect(document.title).toBe('Internal Server Error · Zalik');
  });

  it('says "Page Not Found" for a 404, with the path', () => {
    window.history.replaceState(null, '', '/en/nowhere');
    renderWithI18n(<NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('/en/nowhere')).toBeTruthy();
    expect(screen.getByText('Error 404')).toBeTruthy();
  });

  it('is what a page that fails to render turns into', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithI18n(
      <ErrorBoundary resetKey="/student" fallback={<ErrorPage status={500} />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
