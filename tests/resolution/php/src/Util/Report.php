<?php
namespace App\Util;

use App\Models\Circle;

class Report extends Circle
//                   ^ defined: src/Models/Circle.php:4
{
    public function area(): float
    //              ^ overrides: src/Models/Circle.php:13
    {
        return parent::area() + strlen('x');
        //             ^ defined: src/Models/Circle.php:13
        //                      ^ defined: src/Util/functions.php:9
    }

    public function name(): string
    //              ^ overrides: src/Models/Circle.php:18
    {
        $logger = new Logger();
        //            ^ defined: src/Util/Logger.php:4
        $logger->log('r');
        //       ^ defined: src/Util/Logger.php:6
        return format_num($this->radius);
        //     ^ defined: src/Util/functions.php:4
        //                       ^ defined: src/Models/Circle.php:8
    }
}
