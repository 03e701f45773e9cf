// A cast names the type of the value: a member of it is that type's member.
class Disc {
    var radius = 1

    func area() -> Int { return 3 }
}

func measure(x: Any) -> Int {
    let a = (x as! Disc).area()
    //                   ^ defined: geo/uses/Casts.swift:5
    let b = (x as? Disc)?.area() ?? 0
    //                    ^ defined: geo/uses/Casts.swift:5
    let c = (x as! Disc).radius
    //                   ^ value: geo/uses/Casts.swift:3
    guard let d = x as? Disc else { return 0 }
    if let e = x as? Disc {
        return e.area() + d.area()
        //       ^ defined: geo/uses/Casts.swift:5
        //                  ^ defined: geo/uses/Casts.swift:5
    }
    return a + b + c
}

func total(discs: [Disc], more: Set<Disc>) -> Int {
    var t = 0
    for d in discs {
        t += d.area()
        //     ^ defined: geo/uses/Casts.swift:5
    }
    for d in more {
        t += d.radius
        //     ^ value: geo/uses/Casts.swift:3
    }
    let listed: [Disc] = []
    for d in listed {
        t += d.area()
        //     ^ defined: geo/uses/Casts.swift:5
    }
    return t
}

func kind(of x: Any) -> Int {
    switch x {
    case let d as Disc:
        return d.area()
        //       ^ defined: geo/uses/Casts.swift:5
    default:
        return 0
    }
}
