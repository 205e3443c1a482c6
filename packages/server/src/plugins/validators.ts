/**
 * Schema validation of request input (docs/security.md "Input"): one Ajv for JSON bodies that never
 * converts types, and one for the query string, path parameters and headers, which arrive as text and are
 * converted to the schema's numbers and booleans. A JSON body that sends `true` for a number or `1` for a
 * text is refused with HTTP 400 instead of being stored converted. Both drop undeclared properties and
 * fill declared defaults, and stop at the first error (`allErrors: false`: no error-list amplification).
 */
import type { FastifyInstance } from 'fastify';
import { AjvCompiler } from '@fastify/ajv-compiler';

const common = { removeAdditional: true, useDefaults: true, allErrors: false } as const;

/** Sets the app's validator compiler; call before any route is registered. */
export function registerValidators(app: FastifyInstance): void {
  const factory = AjvCompiler();
  const forText = factory({}, { customOptions: { ...common, coerceTypes: 'array' } });
  const forJson = factory({}, { customOptions: { ...common, coerceTypes: false } });
  app.setValidatorCompiler((route) => (route.httpPart === 'body' ? forJson : forText)(route));
}
