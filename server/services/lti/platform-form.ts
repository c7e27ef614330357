/**
 * The field rules of a platform registration, with messages in the caller's language: a name; an
 * issuer, a client id and deployment ids as the platform gave them (one line each, at most 255
 * characters); its login, token and key set addresses over https (plain http only to this machine,
 * for a test platform).
 */
import type { Locale } from '../../../contract/locale.ts';
import type { PlatformChange, PlatformForm } from '../../../contract/lti.ts';
import { textProblem } from '../../../contract/text.ts';
import { HttpError } from '../../http-error.ts';
import { message, textProblemMessage } from '../../i18n/messages.ts';
import { platformUrlProblem } from './platform-keys.ts';

type Errors = Record<string, string[]>;

function line(value: string, field: string, max: number, errors: Errors, locale: Locale): string {
  const trimmed = value.trim();
  if (!trimmed) errors[field] = [message('required', locale)];
  else if (trimmed.length > max) errors[field] = [message('maxLength', locale, { max })];
  else {
    const problem = textProblem(trimmed, false);
    if (problem) errors[field] = [textProblemMessage(problem, locale)];
  }
  return trimmed;
}

function address(value: string, field: string, errors: Errors, locale: Locale): string {
  const trimmed = line(value, field, 2048, errors, locale);
  if (errors[field]) return trimmed;
  const problem = platformUrlProblem(trimmed);
  if (problem === 'notUrl') errors[field] = [message('ltiNotUrl', locale)];
  if (problem === 'notHttps') errors[field] = [message('ltiNotHttps', locale)];
  return trimmed;
}

function deploymentsOf(values: readonly string[], errors: Errors, locale: Locale): string[] {
  const found = values.map((value, i) => line(value, `deployments.${i}`, 255, errors, locale));
  if (new Set(found).size !== found.length) errors.deployments = [message('ltiDeploymentRepeated', locale)];
  return found;
}

function refuseIf(errors: Errors, locale: Locale) {
  if (Object.keys(errors).length) throw new HttpError(422, message('checkData', locale), errors);
}

export function checkedPlatformForm(form: PlatformForm, locale: Locale): PlatformForm {
  const errors: Errors = {};
  const checked: PlatformForm = {
    name: line(form.name, 'name', 100, errors, locale),
    // The issuer is compared as the platform writes it in its tokens: case and all.
    issuer: address(form.issuer, 'issuer', errors, locale),
    client_id: line(form.client_id, 'client_id', 255, errors, locale),
    login_url: address(form.login_url, 'login_url', errors, locale),
    token_url: address(form.token_url, 'token_url', errors, locale),
    jwks_url: address(form.jwks_url, 'jwks_url', errors, locale),
    deployments: deploymentsOf(form.deployments, errors, locale),
  };
  refuseIf(errors, locale);
  return checked;
}

export function checkedPlatformChange(change: PlatformChange, locale: Locale): PlatformChange {
  const errors: Errors = {};
  const checked: PlatformChange = {
    ...(change.name !== undefined ? { name: line(change.name, 'name', 100, errors, locale) } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    ...(change.deployments ? { deployments: deploymentsOf(change.deployments, errors, locale) } : {}),
  };
  refuseIf(errors, locale);
  return checked;
}
