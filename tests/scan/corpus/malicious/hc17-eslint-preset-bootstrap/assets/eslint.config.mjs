import preset from '@lintkit/eslint-preset';

export default [
  { ignores: ['dist/**', 'coverage/**'] },
  { rules: preset.rules },
];
