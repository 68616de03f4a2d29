import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Textarea } from '../../ui/forms/textarea';

/** The optional free-text feedback of both flows (at most 2,000 characters, as the server accepts). */
export function FeedbackField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  const { t } = useTranslation('termination');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          {...field}
          label={t('form.feedback')}
          description={t('form.feedbackHint')}
          placeholder={t('form.feedbackPlaceholder')}
          rows={4}
          maxLength={2000}
          showCounter
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
}
