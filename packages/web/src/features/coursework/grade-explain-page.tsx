export { GradeExplainPage as default } from './grade-pages.tsx';
