import { useMemo, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { stripChinese } from '@pisonow/domain';
import { useLocale } from '../../../lib/i18n/index.ts';
import { fieldErrorText } from '../model/form-errors.ts';
import './fields.css';

export interface Option {
  value: string;
  label: string;
  /** smaller second line (a region, a channel) */
  note?: string;
}

function FieldShell({
  name,
  label,
  optional,
  error,
  hint,
  children,
}: {
  name: string;
  label: string;
  optional?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`af-field${error ? ' af-field--error' : ''}`}>
      <label className="af-field__label" htmlFor={`af-${name}`}>
        {label}
        {optional && <span className="af-field__optional"> · {t('application:optional')}</span>}
      </label>
      {children}
      {hint && !error && <p className="af-field__hint">{hint}</p>}
      {error && (
        <p className="af-field__error" role="alert" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'decimal';
  autoComplete?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  prefix?: string;
  optional?: boolean;
  hint?: ReactNode;
  /** how typed text is cleaned as the user types; default strips Chinese characters (VAL-13) */
  sanitize?: (raw: string) => string;
  autoCapitalize?: string;
}

/** A labelled input bound to the form; its error (an error code) shows under it in the user's language. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  min,
  max,
  prefix,
  optional,
  hint,
  sanitize = stripChinese,
  autoCapitalize,
}: TextFieldProps<T>) {
  const locale = useLocale();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell
          name={name}
          label={label}
          optional={optional}
          hint={hint}
          error={fieldErrorText(fieldState.error?.message, locale)}
        >
          <div className="af-input">
            {prefix && <span className="af-input__prefix">{prefix}</span>}
            <input
              id={`af-${name}`}
              data-testid={`field-${name}`}
              className="af-input__control"
              type={type}
              inputMode={inputMode}
              autoComplete={autoComplete ?? 'off'}
              autoCapitalize={autoCapitalize}
              placeholder={placeholder}
              maxLength={maxLength}
              min={min}
              max={max}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | undefined) ?? ''}
              aria-invalid={Boolean(fieldState.error)}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(sanitize(e.target.value))}
            />
          </div>
        </FieldShell>
      )}
    />
  );
}

/** A few options as one-tap chips (fewer taps than a sheet): `picker-<name>` with `option-<code>`. */
export function ChipField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  optional,
  onPicked,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: Option[];
  optional?: boolean;
  onPicked?: (value: string) => void;
}) {
  const locale = useLocale();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldShell
          name={name}
          label={label}
          optional={optional}
          error={fieldErrorText(fieldState.error?.message, locale)}
        >
          <div className="af-chips" role="radiogroup" aria-label={label} data-testid={`picker-${name}`}>
            {options.map((option, index) => {
              const selected = field.value === option.value;
              return (
                <button
                  key={option.value}
                  ref={index === 0 ? field.ref : undefined}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  data-testid={`option-${option.value}`}
                  className={`af-chip${selected ? ' af-chip--on' : ''}`}
                  onClick={() => {
                    field.onChange(option.value);
                    onPicked?.(option.value);
                  }}
                >
                  {option.label}
                </button>
              );
            })}
          </div>
        </FieldShell>
      )}
    />
  );
}

/** A searchable list in a bottom sheet (antd-mobile Popup + SearchBar); options carry `option-<code>`. */
export function OptionSheet({
  name,
  title,
  visible,
  options,
  value,
  loading,
  onClose,
  onSelect,
  searchable = true,
}: {
  name: string;
  title: string;
  visible: boolean;
  options: Option[];
  value?: string;
  loading?: boolean;
  onClose: () => void;
  onSelect: (value: string) => void;
  searchable?: boolean;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter(
      (o) =>
        o.label.toLowerCase().includes(q) ||
        o.value.toLowerCase() === q ||
        (o.note ?? '').toLowerCase().includes(q),
    );
  }, [options, query]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setQuery('')}
      destroyOnClose
      bodyClassName="af-sheet"
      showCloseButton
    >
      <div className="af-sheet__inner" data-testid={`sheet-${name}`}>
        <h3 className="af-sheet__title">{title}</h3>
        {searchable && (
          <SearchBar
            className="af-sheet__search"
            placeholder={t('application:search')}
            value={query}
            onChange={(v) => setQuery(stripChinese(v))}
            data-testid={`search-${name}`}
          />
        )}
        <ul className="af-sheet__list" role="listbox" aria-label={title}>
          {loading && <li className="af-sheet__empty">{t('application:loading')}</li>}
          {!loading && shown.length === 0 && (
            <li className="af-sheet__empty">{t('application:noResults')}</li>
          )}
          {shown.map((option) => (
            <li key={option.value} role="option" aria-selected={option.value === value}>
              <button
                type="button"
                className={`af-sheet__option${option.value === value ? ' af-sheet__option--on' : ''}`}
                data-testid={`option-${option.value}`}
                onClick={() => onSelect(option.value)}
              >
                <span>{option.label}</span>
                {option.note && <small>{option.note}</small>}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </Popup>
  );
}

/** A field that opens an OptionSheet: the trigger is `picker-<name>`. */
export function SheetField<T extends FieldValues>({
  control,
  name,
  label,
  title,
  options,
  placeholder,
  loading,
  disabled,
  optional,
  searchable,
  onPicked,
  hint,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  title?: string;
  options: Option[];
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  optional?: boolean;
  searchable?: boolean;
  onPicked?: (value: string) => void;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const selected = options.find((o) => o.value === field.value);
        return (
          <FieldShell
            name={name}
            label={label}
            optional={optional}
            hint={hint}
            error={fieldErrorText(fieldState.error?.message, locale)}
          >
            <button
              id={`af-${name}`}
              type="button"
              ref={field.ref}
              className={`af-select${selected ? '' : ' af-select--empty'}`}
              data-testid={`picker-${name}`}
              disabled={disabled}
              aria-haspopup="listbox"
              onClick={() => setOpen(true)}
            >
              <span>{selected?.label ?? placeholder ?? t('application:select')}</span>
              <span className="af-select__arrow" aria-hidden>
                ›
              </span>
            </button>
            <OptionSheet
              name={name}
              title={title ?? label}
              visible={open}
              options={options}
              value={field.value as string}
              loading={loading}
              searchable={searchable ?? options.length > 8}
              onClose={() => setOpen(false)}
              onSelect={(value) => {
                field.onChange(value);
                setOpen(false);
                onPicked?.(value);
              }}
            />
          </FieldShell>
        );
      }}
    />
  );
}

/** A consent or agreement checkbox bound to a boolean field. */
export function CheckField<T extends FieldValues>({
  control,
  name,
  children,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={`af-field${fieldState.error ? ' af-field--error' : ''}`}>
          <label className="af-check">
            <input
              type="checkbox"
              data-testid={`field-${name}`}
              name={field.name}
              ref={field.ref}
              checked={Boolean(field.value)}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.checked)}
            />
            <span>{children}</span>
          </label>
          {fieldState.error && (
            <p className="af-field__error" role="alert" data-testid={`error-${name}`}>
              {fieldErrorText(fieldState.error.message, locale)}
            </p>
          )}
        </div>
      )}
    />
  );
}
