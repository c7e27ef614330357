import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { messages } from '../../locales/en/messages.po';
import { clearResources } from '../shared/api/use-resource.ts';

// Components render with the real English catalog, so a test reads what a person would.
i18n.load('en', messages);
i18n.activate('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  clearResources();
});
