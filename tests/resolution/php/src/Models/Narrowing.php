<?php
namespace App\Models;

// Where `$x instanceof Foo` holds, $x is a Foo.
class Disc
{
    public $r = 1;

    public function surface()
    {
        return 1;
    }
}

class Narrowing
{
    public function measure($x, $y, $z)
    {
        if ($x instanceof Disc && $x->surface() > 0) {
        //                            ^ defined: src/Models/Narrowing.php:9
            return $x->surface();
            //         ^ defined: src/Models/Narrowing.php:9
        }
        if (!$y instanceof Disc) {
            return 0;
        }
        $t = $y->surface();
        //       ^ defined: src/Models/Narrowing.php:9
        assert($z instanceof Disc);
        return $t + $z->surface();
        //              ^ defined: src/Models/Narrowing.php:9
    }
}
