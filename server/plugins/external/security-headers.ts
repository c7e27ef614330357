/**
 * Security headers on every answer: a strict Content-Security-Policy (no inline or foreign script,
 * no framing), nosniff, a referrer policy, HSTS when the public URL is https; CORS closed unless
 * CORS_ORIGINS names who may call the API from another origin.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp<{ https: boolean; corsOrigins: string[] }>(
  async (app: FastifyInstance, { https, corsOrigins }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // The toast library injects a <style> element; styles cannot run code.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'manifest-src': ["'self'"],
          'worker-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cors, { origin: corsOrigins.length ? corsOrigins : false, credentials: false });
  },
  { name: 'security-headers' },
);
