/** Query keys of the branding and login customization, per scope ('public', 'm:<id>', 'm:global'). */
export const customizationKeys = {
  all: ['customization'] as const,
  scope: (scope: string) => ['customization', scope] as const,
};
