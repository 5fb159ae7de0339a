export { GradePostPage as default } from './grade-pages.tsx';
