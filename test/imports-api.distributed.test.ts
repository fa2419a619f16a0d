import { describeImportsApi } from "./imports-api.suite";
import { describeImportFilesApi } from "./imports-files.suite";

describeImportsApi("distributed");
describeImportFilesApi("distributed");
