/**
 * The rjsf `validator` of DefinitionForm, without ajv. rjsf asks it two things: `isValid` while it picks a oneOf/anyOf
 * option or an if/then/else branch (answered by json-schema-match.ts), and `validateFormData`, which DefinitionForm
 * never reaches: it renders with `noValidate`, because the engine's rules judge the data (missing fields, messages).
 */
import type { RJSFSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import { matches } from './json-schema-match';

export const definitionFormValidator: ValidatorType = {
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      return matches(schema, formData, rootSchema);
    } catch {
      return false; // a pattern that is no regular expression: ajv's compile would fail, and rjsf's validator says false
    }
  },
  // Unreachable with noValidate (rjsf validates only on submit or live validation); no schema errors to show.
  validateFormData(): ValidationData<unknown> {
    return { errors: [], errorSchema: {} };
  },
  rawValidation() {
    return { errors: [] };
  },
};
