// a conformance an extension adds away from the type's file: its use site is here, in this file
protocol Tagged {}

extension Circle: Tagged {}
//                ^ defined: geo/uses/Conformances.swift::Tagged
