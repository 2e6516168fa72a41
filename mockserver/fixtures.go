package mockserver

// conformanceTools are filled in by the conformance fixture set.
func conformanceTools() []*tool { return nil }

func conformanceResources() []resourceDef { return nil }

func conformanceTemplates() []templateDef { return nil }

func conformancePrompts() []promptDef { return nil }
