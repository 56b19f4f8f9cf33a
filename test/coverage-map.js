// tap's coverage map (.taprc): every test file counts coverage of the product code only, src/ and
// workers/, never of test helpers, so what the floor measures is the same set of files in every run.
export default () => ['src/**/*.ts', 'workers/**/*.ts'];
