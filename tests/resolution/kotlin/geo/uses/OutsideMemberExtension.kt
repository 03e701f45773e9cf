package geo.uses

import android.view.View
import android.widget.Adapter
import q.Other

// Inside a member extension (``fun Other.f()`` in a class), the extension's receiver is nearer than the class's
// instance. Where the receiver's members nobody sees (a type from outside the project), a bare name the class
// inherits from outside may be the receiver's member as well, and so may a name found nowhere: no fact either
// way; a member of the class itself is a candidate (``Other``'s own member of that name would come first), as in
// a lambda whose receiver is such a type. Where the receiver is a project type that lacks the name, the class's
// member is the one.
class Card {
    fun reset() {}
}

class Tray : View() {
    fun tidy() {}

    fun Other.paint() {
        invalidate()
        // ^ unresolved: invalidate
        requestLayout()
        // ^ unresolved: requestLayout
        this.invalidate()
        //   ^ unresolved: q.Other.invalidate
        tidy()
        // ^ ambiguous: geo/uses/OutsideMemberExtension.kt::Tray.tidy
        println("a")
        // ^ unresolved: kotlin.io.println from kotlin.io
    }

    val Other.height: Int
        get() = getMeasuredHeight()
        //      ^ unresolved: getMeasuredHeight

    val Other.tall: Boolean get() = measuredHeight > 0
    //                              ^ none

    fun Card.paint() {
        invalidate()
        // ^ unresolved: android.view.View.invalidate
        reset()
        // ^ defined: geo/uses/OutsideMemberExtension.kt::Card.reset
    }

    fun show() {
        invalidate()
        // ^ unresolved: android.view.View.invalidate
    }
}

class Deck : View(), Adapter {
    fun Other.count() {
        getCount()
        // ^ unresolved: getCount
    }
}

class Shelf {
    fun Other.paint() {
        invalidate()
        // ^ unresolved: q.Other.invalidate
    }
}
