import { useMemo, useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applicationContracts, errorMessage, isErrorCode, type ApplicationStep } from '@pisonow/domain';
import { ApiError, errorCodeOf } from '../../../lib/api/index.ts';
import { useActionMutation } from '../../../lib/api/use-action-mutation.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { currentLocale } from '../../../lib/i18n/index.ts';
import { useCoCore } from '../../../lib/store/index.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import type { ApplicationView } from '../api/get-application.ts';
import { useSaveStep } from '../api/save-step.ts';
import { hasPath, serverFieldErrors } from '../model/form-errors.ts';
import { toFormValues, toRequestBody, type FormValuesByStep } from '../model/form-values.ts';
import { pathAfter } from '../model/steps.ts';

/** The contracts of @pisonow/domain with this borrower's context: form and server check the same rules (VAL-17). */
export function useContracts(view: ApplicationView) {
  const registeredPhone = useCoCore((s) => s.publicData.phone_number);
  const { today, postalCodeLength } = view.rules;
  return useMemo(
    () =>
      applicationContracts({
        today,
        postalCodeLength: postalCodeLength === 6 ? 6 : 4,
        registeredPhone: registeredPhone || undefined,
      }),
    [today, postalCodeLength, registeredPhone],
  );
}

function firstErrorCode(errors: FieldErrors): string | undefined {
  for (const value of Object.values(errors)) {
    if (!value) continue;
    if (typeof value.message === 'string' && value.message) return value.message;
    const nested = firstErrorCode(value as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * One step's form: react-hook-form with the step's zod contract, prefilled from the saved data;
 * Next validates, saves (PUT) and moves on. An unchanged, already saved step is not sent again
 * (a modification only re-saves what changed). Server refusals land on their fields, lead as toast.
 */
export function useStepForm<S extends ApplicationStep>(
  step: S,
  view: ApplicationView,
  defaults: Partial<FormValuesByStep[S]> = {},
) {
  type V = FormValuesByStep[S] & FieldValues;
  const navigate = useNavigate();
  const contracts = useContracts(view);
  const save = useActionMutation(useSaveStep());

  const resolver = useMemo(
    () =>
      contractResolver<V>(
        contracts[step],
        (values) => toRequestBody(step, values as FormValuesByStep[S]),
        // a discriminated union reports a missing type on the root: put it on its field
        (body) =>
          step === 'workInfo' && !body.employmentType
            ? ({ employmentType: { type: 'custom', message: 'EMPLOYMENT_TYPE_REQUIRED' } } as FieldErrors<V>)
            : undefined,
      ),
    [contracts, step],
  );

  // initial values only: later view updates (after a save) must not wipe what the user is typing
  const [initial] = useState(() => toFormValues(step, view.steps[step].data, defaults));
  const form = useForm<V>({
    resolver,
    defaultValues: initial as DefaultValues<V>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { isDirty } = form.formState;
  const completed = view.steps[step].completed;

  const onValid = (data: V) => {
    const body = data as unknown as Record<string, unknown>;
    if (!isDirty && completed) {
      void navigate(pathAfter(step, view.steps));
      return;
    }
    save.run(
      { step, body },
      {
        onSuccess: (next) => {
          form.reset(form.getValues());
          void navigate(pathAfter(step, next.steps));
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'APPLICATION_NOT_EDITABLE') {
            showError(error);
            void navigate('/homeIndex');
            return;
          }
          const values = form.getValues();
          const details = error instanceof ApiError ? error.details : undefined;
          for (const { name, code } of serverFieldErrors(details, (field) => hasPath(values, field))) {
            form.setError(name as Path<V>, { type: 'server', message: code }, { shouldFocus: false });
          }
          showError(error);
        },
      },
    );
  };

  const onInvalid = (errors: FieldErrors<V>) => {
    const code = firstErrorCode(errors as FieldErrors);
    if (code) showToast(errorMessage(isErrorCode(code) ? code : 'VALIDATION_FAILED', currentLocale()));
  };

  return {
    form,
    contracts,
    pending: save.isPending,
    onSubmit: form.handleSubmit(onValid, onInvalid),
  };
}
