export { GradeQueryPage as default } from './grade-pages.tsx';
