package geo.uses

import android.view.View
import android.widget.Adapter
import q.Other

// Inside a lambda whose receiver's members nobody sees (a type from outside the project), a bare name the
// enclosing class inherits from outside may be the receiver's member as well: no fact either way.
class Sheet : View() {
    fun show(other: Other) {
        other.apply { invalidate() }
        //            ^ unresolved: invalidate
        with(other) { requestLayout() }
        //            ^ unresolved: requestLayout
        invalidate()
        // ^ unresolved: android.view.View.invalidate
    }
}

class Grid : View(), Adapter {
    fun show(other: Other) {
        other.apply { getCount() }
        //            ^ unresolved: getCount
    }
}

class Plain {
    fun show(other: Other) {
        other.apply { reset() }
        //            ^ unresolved: q.Other.reset
    }
}
