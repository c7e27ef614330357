import type { AssignmentRules } from '../../../contract/assignments.ts';
import * as lti from '../../../contract/endpoints/lti.ts';
import type { DeepLinkAnswer, DynamicRegistration } from '../../../contract/lti.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import type { GivenTest } from '../tutor-assignments/GiveTestForm.tsx';

export const ltiApi = {
  /** A launch's one-use code, traded for the account's tokens and where to go. */
  handoff: (code: string) => api(lti.ltiHandoff, { params: { code }, body: {} }),
  register: (body: DynamicRegistration) => api(lti.ltiRegister, { body }),
  completeDeepLink: (id: string, test: GivenTest, rules: AssignmentRules) =>
    api(lti.ltiCompleteDeepLink, { params: { id }, body: { ...test, rules } }),
};

export const useDeepLink = (id: string) =>
  useRead('lti-deep-link', [id], () => api(lti.ltiDeepLink, { params: { id } }), { who: 'tutor' });

/**
 * Deep linking's answer goes back to the platform as a form the browser posts (Deep Linking 2.0
 * §4.2): the platform's page then takes over this window.
 */
export function postToPlatform(answer: DeepLinkAnswer): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = answer.return_url;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'JWT';
  field.value = answer.jwt;
  form.append(field);
  document.body.append(form);
  form.submit();
}
