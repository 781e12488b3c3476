/**
 * The portal's UI kit (Radix + Tailwind). It imports no feature; features and the app shell
 * import it from here. Texts live in the `ui` i18next namespace (src/ui/locales).
 */
export { AccordionSection, type AccordionSectionProps } from './accordion-section.tsx';
export { AssetUrlContext, useAssetUrl } from './asset-url.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button.tsx';
export { Card, type CardProps } from './card.tsx';
export { Checkbox, type CheckboxProps, type CheckedState } from './checkbox.tsx';
export { cn } from './cn.ts';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export {
  ComboboxField,
  type ComboboxFieldProps,
  type ComboboxGroup,
  type ComboboxOption,
} from './combobox-field.tsx';
export { DateField, type DateFieldProps } from './date-field.tsx';
export {
  EmployeeCard,
  jobTitleFor,
  type EmployeeCardEmployee,
  type EmployeeCardProps,
  type JobTitles,
} from './employee-card.tsx';
export {
  ErrorSummary,
  focusField,
  type ErrorSummaryItem,
  type ErrorSummaryProps,
} from './error-summary.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state.tsx';
export {
  Field,
  FieldError,
  inputClasses,
  RequiredMark,
  useFieldIds,
  type FieldBaseProps,
  type FieldControlProps,
  type FieldProps,
} from './field.tsx';
export {
  FileField,
  formatFileSize,
  MEGABYTE,
  validateFile,
  type FileFieldProps,
  type FileProblem,
} from './file-field.tsx';
export { HtmlField, type HtmlFieldProps } from './html-field.tsx';
export * from './icons.tsx';
export { formatCalendarDay } from './calendar-day.ts';
export { Modal, ModalClose, type ModalProps } from './modal.tsx';
export {
  NotificationBox,
  type NotificationBoxProps,
  type NotificationVariant,
} from './notification-box.tsx';
export { Page, PageHeader, type PageHeaderProps, type PageProps } from './page.tsx';
export { Pagination, type PaginationProps } from './pagination.tsx';
export { Popover, PopoverClose, type PopoverProps } from './popover.tsx';
export {
  PrivacyLinks,
  privacyLinksFor,
  type PrivacyLink,
  type PrivacyLinksProps,
} from './privacy-links.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group.tsx';
export { SanitizedHtml, type SanitizedHtmlProps } from './sanitized-html.tsx';
export {
  SelectField,
  type SelectFieldProps,
  type SelectOption,
  type SelectOptionGroup,
} from './select-field.tsx';
export { SkipLink, type SkipLinkProps } from './skip-link.tsx';
export { Spinner, type SpinnerProps } from './spinner.tsx';
export { NavigationSkeleton, PageSkeleton, type PageSkeletonProps } from './page-skeleton.tsx';
export { onFirstInteraction } from './first-interaction.ts';
export { Tabs, type TabItem, type TabsProps } from './tabs.tsx';
export { TextArea, type TextAreaProps } from './text-area.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { toast, Toaster, type ToastOptions } from './toaster.tsx';
export { TOAST_DURATION_MS } from './toast-store.ts';
export { VisuallyHidden, type VisuallyHiddenProps } from './visually-hidden.tsx';
export { useMediaQuery } from './use-media-query.ts';
